import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { dragOrderModule } from '../../src/engine/dragOrderLoader';

// findBy… and waitFor wait for what the screen should show, as long as a busy machine needs to
// render it (Testing Library's default gives up after one second); a passing test waits no longer.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// In the app a sortable list's screen arrives with its drag and drop (the screen's loader fetches
// both); a test rendering the list itself gets it ready the same way, before it renders.
beforeAll(async () => {
  await dragOrderModule();
});
