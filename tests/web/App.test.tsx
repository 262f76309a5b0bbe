import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/App';
import { authProvider } from '../../src/authProvider';

afterEach(() => vi.restoreAllMocks());

describe('the app, opened without a session', () => {
  it('shows the login form after a handful of auth checks, not after a logout loop', async () => {
    localStorage.clear();
    window.location.hash = '#/';
    const checkAuth = vi.spyOn(authProvider, 'checkAuth');
    const getPermissions = vi.spyOn(authProvider, 'getPermissions');
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    // Before the fix, react-admin logged out again and again (about 1,900 checks in Chromium).
    expect(checkAuth.mock.calls.length).toBeLessThan(10);
    expect(getPermissions.mock.calls.length).toBeLessThan(10);
  });
});
