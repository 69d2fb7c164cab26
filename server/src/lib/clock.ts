/** Where time matters, services take "now" from here so tests can move the clock. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
