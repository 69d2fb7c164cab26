import { SUCCESS } from '@lectern/shared';
import { Suspense, lazy, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useSession } from '../../features/auth/session-context';

// Only inside an LMS frame (issue 23), so the chunk is loaded there only.
const OpenInNewTab = lazy(() => import('./OpenInNewTab').then((m) => ({ default: m.OpenInNewTab })));
const framed = window.self !== window.top;

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/courses', label: 'Courses', end: false },
  { to: '/my-videos', label: 'My Videos', end: false },
  { to: '/action-items', label: 'Action Items', end: false },
  { to: '/settings', label: 'Settings', end: false },
];
/** Shown to the installation's administrators only (issue 23); the page refuses anyone else too. */
const INSTALLATION_ADMIN_LINKS = [{ to: '/admin/lti', label: 'LTI platforms', end: false }];

/**
 * The site header. On a narrow screen the menu folds behind a "Menu" disclosure button (styles.css shows
 * the button and hides the closed list below 720 px); it closes again on any navigation.
 */
export function Header() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Open on the page where it was opened: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  async function handleLogout() {
    await signOut();
    toast.info(SUCCESS.loggedOut);
    void navigate('/login');
  }

  return (
    <header className="site-header">
      <Link to="/" className="brand">
        Lectern
      </Link>
      {!user && <VisitorLinks />}
      {user && framed && (
        <Suspense fallback={null}>
          <OpenInNewTab />
        </Suspense>
      )}
      {user && (
        <nav aria-label="Main" className="site-nav" data-open={open}>
          <button
            type="button"
            className="menu-button"
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            Menu
          </button>
          <ul id="main-menu">
            {[...LINKS, ...(user.installationAdmin ? INSTALLATION_ADMIN_LINKS : [])].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" className="link-button" onClick={() => void handleLogout()}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}

/**
 * A visitor's way in from any page, short enough to stay on one line on a phone. Both come back to the
 * page they were opened on (afterLoginPath follows `from`); between the log-in and sign-up pages the
 * page to come back to is carried on. Each of those two pages hides its own link.
 */
function VisitorLinks() {
  const { pathname, search, state } = useLocation();
  const onLogin = pathname.startsWith('/login');
  const onSignup = pathname.startsWith('/signup');
  const cameFrom = onLogin || onSignup ? state : { from: pathname + search };
  return (
    <nav aria-label="Account" className="visitor-nav">
      {!onLogin && (
        <Link to="/login" state={cameFrom}>
          Log in
        </Link>
      )}
      {!onSignup && (
        <Link to="/signup" className="button" state={cameFrom}>
          Sign up
        </Link>
      )}
    </nav>
  );
}
