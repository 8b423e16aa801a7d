// Save bytes or text as a file: a blob link the browser downloads (the environment's .zip, the graph's .dot and .svg).

/** Save `data` (bytes or text) as a file called `name` of MIME type `type`. */
export function download(data, name, type = 'application/octet-stream') {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
