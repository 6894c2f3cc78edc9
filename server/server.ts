/** The server's entry, bundled as dist-server/server.mjs: everything it does is in serve.ts. */
import './serve';
