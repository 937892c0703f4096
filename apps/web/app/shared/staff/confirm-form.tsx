import { Form } from 'react-router';

/**
 * A posted form that asks first (`question`, the browser's own dialog) before an act that cannot
 * be taken back, as deleting or disabling; without a question it posts at once. Without
 * JavaScript the form posts without asking.
 */
export function ConfirmForm({ question, children }: { question?: string; children: React.ReactNode }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (question !== undefined && !window.confirm(question)) event.preventDefault();
      }}
    >
      {children}
    </Form>
  );
}
