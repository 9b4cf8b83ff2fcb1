// The demo page: loads argmax once, then mounts each section. A section whose module is missing from this build
// says so instead of failing the page. window.argmaxDemo tells tests (and the curious) what is ready.
const boot = document.getElementById('boot');
const state = { ready: false, sections: {}, errors: [] };
window.argmaxDemo = state;

try {
  const { am } = await import('./lib/runtime.js');
  const sections = [...document.querySelectorAll('section[data-section]')];
  await Promise.all(sections.map(async (section) => {
    const name = section.dataset.section;
    try {
      const { mount } = await import(`./sections/${name}.js`);
      const status = await mount(section);
      state.sections[name] = status ?? 'ready';
    } catch (e) {
      state.sections[name] = 'unavailable';
      state.errors.push(`${name}: ${e.message}`);
      section.classList.add('unavailable');
      const note = document.createElement('p');
      note.className = 'note';
      note.textContent = `This section is not available in this build: ${e.message}`;
      section.querySelector('.why').after(note);
    }
  }));
  const kinds = Object.keys(am.loaders).join(', ');
  boot.textContent = `ready · WebAssembly module loaded · model kinds: ${kinds}`;
  state.ready = true;
} catch (e) {
  boot.textContent = `could not start: ${e.message}`;
  boot.dataset.kind = 'error';
  state.errors.push(e.message);
}
