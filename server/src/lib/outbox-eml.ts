// The outbox (no SMTP_URL) is read by people: they open the .eml in an editor and copy the reset link.
// nodemailer encodes a body with lines over 76 characters as quoted-printable, whose soft line breaks
// cut the link in two (issue 12). The outbox copy is therefore written as 8bit: the same text, as is,
// which RFC 5322 allows up to 998 octets a line. Only single-part text messages, which Lectern sends.

const HEADER_END = /\r?\n\r?\n/;
const ENCODING_HEADER = /^Content-Transfer-Encoding:[ \t]*(\S+)[ \t]*$/im;

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, ''); // soft line breaks
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

/** The message with its text body in 8bit, so every line (and link) reads as written. */
export function asEightBit(message: Buffer): Buffer {
  const text = message.toString('latin1'); // byte for byte: headers and encoded bodies are ASCII
  const end = HEADER_END.exec(text);
  if (!end) return message;
  const headers = text.slice(0, end.index);
  const encoding = ENCODING_HEADER.exec(headers)?.[1]?.toLowerCase();
  if (!/^content-type:\s*text\/plain/im.test(headers)) return message;
  if (encoding !== 'quoted-printable' && encoding !== 'base64') return message;
  const body = text.slice(end.index + end[0].length);
  const decoded = encoding === 'base64' ? Buffer.from(body, 'base64') : decodeQuotedPrintable(body);
  const newHeaders = headers.replace(ENCODING_HEADER, 'Content-Transfer-Encoding: 8bit');
  return Buffer.concat([Buffer.from(`${newHeaders}${end[0]}`, 'latin1'), decoded]);
}
