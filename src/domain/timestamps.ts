// The time guard lives in the contract, so main's exports and the renderer judge a time by the same
// function; the renderer's screens keep importing it from here.
export * from '@contract/timestamps'
