export default async function* failuresLast(source) {
  const failed = [];
  for await (const event of source) {
    if (event.type === 'test:fail') failed.push(event.data);
  }
  for (const f of failed) yield JSON.stringify({name: f.name, nesting: f.nesting, file: f.file, msg: String(f.details?.error?.cause?.message ?? f.details?.error?.message)}) + '\n';
}
