import { SUCCESS } from '@lectern/shared';
import { Link, NavLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useSession } from '../../features/auth/session-context';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/courses', label: 'Courses', end: false },
  { to: '/my-videos', label: 'My Videos', end: false },
  { to: '/action-items', label: 'Action Items', end: false },
  { to: '/settings', label: 'Settings', end: false },
];

export function Header() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();

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
      {user && (
        <nav aria-label="Main">
          <ul>
            {LINKS.map((link) => (
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
