import type { Connection } from '@warmpath/contracts';
import { companyLinksByCompany, type CompanyLinksMemo } from './company-links-memo.js';
import { HIDDEN_KNOWER } from './pool-person.js';
import { runToEnd, type Slices } from './slices.js';

/** A shared build's company links, made: the memo, and its company keys in code-unit order. */
export interface MadeCompanyLinks {
  readonly memo: CompanyLinksMemo;
  readonly keys: readonly string[];
}

/**
 * The company links between a shared build's people shown (userId HIDDEN_KNOWER), made on the
 * first read that needs them (docs/workspace-network.md "Company links made when a reader needs
 * them"): the base and the patches carry none (the browser derives them from the people), so a
 * workspace read only through them never makes them, and a cold open does not wait for them. A
 * viewer's whole pooled network (the JSON read, warm paths) needs them: `make` in slices, or `get`
 * at once. Made from the last made links of the workspace, reusing every company whose people are
 * unchanged, as when they were made with each build.
 */
export class SharedCompanyLinks {
  private made: MadeCompanyLinks | null = null;
  /** The links of an earlier build this one reuses; dropped once its own are made. */
  private previous: CompanyLinksMemo | undefined;

  constructor(
    private readonly shownAt: ReadonlyMap<string, readonly Connection[]>,
    private readonly spellings: ReadonlyMap<string, ReadonlyMap<string, number>>,
    previous?: SharedCompanyLinks,
  ) {
    this.previous = previous?.reusable();
  }

  /** Whether they are made (a read that needs them answers without making them). */
  get ready(): boolean {
    return this.made !== null;
  }

  /** What the next build reuses: these links once made, else those this build would reuse. */
  reusable(): CompanyLinksMemo | undefined {
    return this.made?.memo ?? this.previous;
  }

  /** The links, made now in slices unless made already. Two runs at once answer the first made. */
  *make(): Slices<MadeCompanyLinks> {
    if (this.made) return this.made;
    const memo = yield* companyLinksByCompany(this.shownAt, HIDDEN_KNOWER, this.previous, this.spellings);
    if (!this.made) {
      this.made = { memo, keys: [...memo.byCompany.keys()] };
      this.previous = undefined;
    }
    return this.made;
  }

  /** The links, made at once unless made already. */
  get(): MadeCompanyLinks {
    return this.made ?? runToEnd(this.make());
  }
}
