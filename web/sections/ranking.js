// placeholder until the module lands
export function mount() { throw new Error('the ranking API is not in this build yet'); }
