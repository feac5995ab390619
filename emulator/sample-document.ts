/*
 * The small sample documents the emulator serves at its media addresses, so a compliance pack
 * with --documents runs offline: a one-page PDF naming the address, the same bytes every time.
 */

/** A valid one-page PDF whose page says `title` (printable ASCII only). */
export function samplePdf(title: string): Buffer {
  const text = title.replace(/[^ -~]/g, '?').replace(/[()\\]/g, (c) => `\\${c}`).slice(0, 120);
  const stream = `BT /F1 12 Tf 48 760 Td (PartSpec emulator sample document) Tj 0 -18 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
