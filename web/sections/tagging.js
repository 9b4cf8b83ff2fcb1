// placeholder until the module lands
export function mount() { throw new Error('the tagging API is not in this build yet'); }
