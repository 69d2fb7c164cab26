import { usePublicConfig } from '../../lib/public-config';

export function Footer() {
  const { data } = usePublicConfig();
  return (
    <footer className="site-footer">
      <span>© {new Date().getFullYear()} Lectern</span>
      {data && <a href={data.researchGroupUrl}>Research group</a>}
      <span>patent pending</span>
    </footer>
  );
}
