import { Controller, Get, Header } from '@nestjs/common';
import { API_ROUTES, buildOpenApiDocument } from '@warmpath/contracts';
import { Public } from '../../http/public.decorator.js';
import { renderApiReference } from './api-reference.js';

const VERSION = '0.1.0';

/** The OpenAPI document of every /api route (from libs/contracts API_ROUTES) and a page that renders it. */
@Controller('api')
export class DocsController {
  private readonly document = buildOpenApiDocument(API_ROUTES, VERSION);
  private readonly page = renderApiReference(this.document);

  @Get('openapi.json')
  @Public()
  openApi() {
    return this.document;
  }

  /** Rendered here, with no script and nothing fetched from elsewhere: works offline and under the CSP. */
  @Get('docs')
  @Public()
  @Header('content-type', 'text/html; charset=utf-8')
  docs(): string {
    return this.page;
  }
}
