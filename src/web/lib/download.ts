/** Starts a download in the browser (an attachment, so the page stays): a PDF version, a CSV. */
export function downloadFile(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
