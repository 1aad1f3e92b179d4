// The two social-deduction games (MAgIC, Xu et al. 2024, sec. 3.1): their role metrics, bots and bench cases are
// about these; the engine knows games only by the registry's kinds.
export type GameKind = 'chameleon' | 'undercover';
