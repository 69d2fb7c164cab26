import { type ReactNode, useEffect } from 'react';

/** A page's heading and document title. */
export function Page({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Lectern`;
  }, [title]);
  return (
    <section className="page">
      <div className="page-heading">
        <h1>{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
