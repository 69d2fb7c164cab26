import { useRef } from 'react';
import { Outlet } from 'react-router';
import { ConnectionBanner } from './ConnectionBanner';
import { ConnectionStatus } from './ConnectionStatus';
import { Footer } from './Footer';
import { Header } from './Header';
import { useRouteFocus } from './useRouteFocus';

export function Layout() {
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} ref={main}>
        <ConnectionBanner />
        <Outlet />
      </main>
      <Footer />
      <ConnectionStatus />
    </div>
  );
}
