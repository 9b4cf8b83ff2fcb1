// The demo page: loads argmax once, then mounts each section. A section whose module is missing from this build
// says so instead of failing the page. window.argmaxDemo tells tests (and the curious) what is ready.
// Once mounted, every section trains on its default data by itself (in its worker); ?manual leaves that to you.
const boot = document.getElementById('boot');
const manual = new URLSearchParams(location.search).has('manual');
const state = { ready: false, sections: {}, errors: [], autoTrained: [] };
window.argmaxDemo = state;

try {
  const { am } = await import('./lib/runtime.js');
  const sections = [...document.querySelectorAll('section[data-section]')];
  await Promise.all(sections.map(async (section) => {
    const name = section.dataset.section;
    try {
      const { mount } = await import(`./sections/${name}.js`);
      const section$ = await mount(section);
      state.sections[name] = 'ready';
      if (!manual) state.autoTrained.push(Promise.resolve(section$?.autoTrain?.()).then(() => name));
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
  Promise.all(state.autoTrained).then(() => { state.autoTrainedAll = true; });
} catch (e) {
  boot.textContent = `could not start: ${e.message}`;
  boot.dataset.kind = 'error';
  state.errors.push(e.message);
}
