// Drop zones: a file dropped on (or chosen through) an element is read as text and handed to a callback.
export function dropZone(element, onText, { accept = '' } = {}) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = accept;
  input.hidden = true;
  element.append(input);
  element.addEventListener('click', (e) => { if (e.target === element || e.target.closest('.pick')) input.click(); });
  element.addEventListener('dragover', (e) => { e.preventDefault(); element.classList.add('over'); });
  element.addEventListener('dragleave', () => element.classList.remove('over'));
  element.addEventListener('drop', async (e) => {
    e.preventDefault();
    element.classList.remove('over');
    const file = e.dataTransfer.files[0];
    if (file) onText(await file.text(), file.name);
  });
  input.addEventListener('change', async () => {
    const file = input.files[0];
    if (file) onText(await file.text(), file.name);
    input.value = '';
  });
  return input;
}
