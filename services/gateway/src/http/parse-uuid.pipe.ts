import { Injectable, type PipeTransform } from '@nestjs/common';
import { notFound } from '@warmpath/server-kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A UUID in a path (an import's or a bulk import's id). Anything else is answered 404 with the
 * route's own not-found message, before any service is asked: a malformed id names nothing, and
 * the answer is the same as for a well-formed id that does not exist (or is someone else's).
 */
@Injectable()
export class ParseUuidPipe implements PipeTransform<string, string> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): string {
    if (typeof value !== 'string' || !UUID.test(value)) throw notFound(this.notFoundMessage);
    return value;
  }
}
