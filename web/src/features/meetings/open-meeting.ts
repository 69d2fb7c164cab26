/**
 * Opens a meeting URL in a new window, as the spec's respond page does; false when the browser blocked
 * the popup (the page then shows the spec's "Popup blocked!" and a link). The meeting gets no handle on
 * this page.
 */
export function openMeetingWindow(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
}
