import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

/** A multipart/form-data body as a browser would post it: text fields and files. */
export const multipart = (fields: Record<string, string | MultipartFile>) => {
  const boundary = `----rampart${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const head =
      typeof value === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`;
    parts.push(Buffer.from(head), Buffer.from(typeof value === 'string' ? value : value.data));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
