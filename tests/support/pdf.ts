/** What a signed deck link serves: its content type and the file's first bytes (`%PDF-` for a PDF). */
export async function download(url: string): Promise<{ contentType: string | null; start: string }> {
  const response = await fetch(url);
  const start = Buffer.from(await response.arrayBuffer())
    .subarray(0, 5)
    .toString();
  return { contentType: response.headers.get('content-type'), start };
}

export const A_PDF = { contentType: 'application/pdf', start: '%PDF-' };
