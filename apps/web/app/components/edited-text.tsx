/** A text staff edited (Content), rendered from Markdown on the server with raw HTML escaped. */
export function EditedText({ html }: { html: string }) {
  return (
    <div
      className="prose edited-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: micromark output of staff Markdown, raw HTML escaped.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
