// Hands a file the app fetched to the browser's download, under its name: the admin's CSV reports.
export function saveFile(name: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the data over; the address is only needed for it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
