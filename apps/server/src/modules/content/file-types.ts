/**
 * The content type an attached file is stored and served with, from its name. Only types a
 * browser will not run are named; everything else is `application/octet-stream`. Files are
 * always served as attachments with `nosniff`, so even a text file is never rendered in the
 * app's origin.
 */
const byExtension: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  yaml: 'text/plain; charset=utf-8',
  yml: 'text/plain; charset=utf-8',
  pcap: 'application/vnd.tcpdump.pcap',
  pcapng: 'application/octet-stream',
  zip: 'application/zip',
  gz: 'application/gzip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
};

export const contentTypeForFileName = (name: string): string => {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return byExtension[extension] ?? 'application/octet-stream';
};

/**
 * Whether a trainer may attach a file of this name from the screen: only the types named above.
 * Packs keep accepting any name (served as bytes); an upload is held to the list so that what a
 * trainer adds is something players can open.
 */
export const isAttachableFileName = (name: string): boolean => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && Object.hasOwn(byExtension, name.slice(dot + 1).toLowerCase());
};

export const attachableExtensions = Object.keys(byExtension);
