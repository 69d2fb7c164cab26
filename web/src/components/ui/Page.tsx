import { type ReactNode, useEffect } from 'react';

/**
 * A page's heading and document title; `subtitle` says what the page is about (e.g. which video),
 * `breadcrumb` where it sits (above the heading).
 */
export function Page({
  title,
  subtitle,
  breadcrumb,
  children,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  breadcrumb?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Lectern`;
  }, [title]);
  return (
    <section className="page">
      {breadcrumb}
      <div className="page-heading">
        <h1>{title}</h1>
        {actions}
      </div>
      {subtitle && <p className="page-subtitle">{subtitle}</p>}
      {children}
    </section>
  );
}
