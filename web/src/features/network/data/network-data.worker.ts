/// <reference lib="webworker" />
import { NetworkDataCore } from './network-data-core';
import type { DataRequest, DataResponse } from './network-data-protocol';

/** The dashboard's network-data worker: the core answering the page's messages (see NetworkDataCore). */
declare const self: DedicatedWorkerGlobalScope;
const core = new NetworkDataCore();
self.onmessage = (event: MessageEvent<DataRequest>) => {
  void core.handle(event.data, (response: DataResponse, transfer: Transferable[] = []) =>
    self.postMessage(response, transfer),
  );
};
