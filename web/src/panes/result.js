// The Result pane: the program's value in %p form, type(v) and the generalized type.
const $ = (id) => document.getElementById(id);

export function showResult(result) {
  $('result-value').textContent = result?.value ?? '';
  $('result-type').textContent = result?.type ?? '';
  $('result-generalized').textContent = result?.generalized ?? '';
}
