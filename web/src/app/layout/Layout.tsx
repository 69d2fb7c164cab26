import { Outlet } from 'react-router';
import { ConnectionStatus } from './ConnectionStatus';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ConnectionStatus />
    </div>
  );
}
