/** A clock tests move by hand: services read "now" from it. */
export class TestClock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  readonly now = (): Date => new Date(this.current);

  set(date: Date): void {
    this.current = date.getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
