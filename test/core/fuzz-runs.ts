// How many cases each fast-check property runs: small by default so `npm test` stays fast;
// FUZZ_RUNS=20000 (for example) runs a longer search.
const requested = Number(process.env.FUZZ_RUNS);

export const FUZZ_RUNS = Number.isInteger(requested) && requested > 0 ? requested : 150;
