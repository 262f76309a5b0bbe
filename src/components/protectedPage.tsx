import { Suspense, type ReactNode } from 'react';
import { Authenticated, Loading } from 'react-admin';

/** A lazily loaded custom page behind the login, with react-admin's loading indicator meanwhile. */
export function protectedPage(page: ReactNode) {
  return (
    <Authenticated>
      <Suspense fallback={<Loading />}>{page}</Suspense>
    </Authenticated>
  );
}
