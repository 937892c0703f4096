import { useEffect, useRef } from 'react';
import { createPath, useNavigation } from 'react-router';

const FIRST_CHECK_MS = 1_000;
const CHECK_EVERY_MS = 60 * 60 * 1_000;

type NetworkInformation = { effectiveType?: string };

async function isNewBuildOut(): Promise<boolean> {
  try {
    const response = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return false;
    const { buildId } = (await response.json()) as { buildId?: unknown };
    return typeof buildId === 'string' && buildId !== __BUILD_ID__;
  } catch {
    return false; // Offline or server restarting: try again at the next check.
  }
}

/**
 * The spec's version check: 1 s after load (skipped on a slow-2g connection) and every 60 minutes
 * after, the site asks for /version.json. When a newer build is out, the next navigation loads the
 * new page in full, so that visitors never run old code against a new server.
 */
export function useVersionCheck() {
  const isStale = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    const check = async () => {
      if (await isNewBuildOut()) isStale.current = true;
    };
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    const first = connection?.effectiveType === 'slow-2g' ? undefined : setTimeout(check, FIRST_CHECK_MS);
    const every = setInterval(check, CHECK_EVERY_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, []);

  // Before the old build fetches the next page's code (which a new deployment may have removed),
  // hand the navigation to the browser: a full load of the new page from the new build.
  useEffect(() => {
    if (navigation.state === 'loading' && navigation.location && isStale.current) {
      window.location.assign(createPath(navigation.location));
    }
  }, [navigation.state, navigation.location]);
}
