import { createRoot } from 'react-dom/client';
import { loadMenu, readCode } from './api';
import { GuestPage } from './GuestPage';
import './guest.css';

// The menu is asked for as soon as this script runs, while React renders the first screen.
const code = readCode(window.location.search);
const menu = code ? loadMenu(code) : null;
// Not left unhandled before the page reads it.
menu?.catch(() => undefined);

createRoot(document.getElementById('root')!).render(<GuestPage code={code} menu={menu} />);
