import WebSocket from 'ws';
import { readPreviewFrame, readSocketMessage, type PreviewFrame, type SocketMessage } from './protocol';

/** What the socket tells one prompt's follower. */
export interface PromptListener {
  onMessage(message: SocketMessage): void;
  onPreview(frame: PreviewFrame): void;
}

export interface ComfySocketOptions {
  url: string;
  authorization: string | null;
  /** Gives up opening after this long (the prompt is then followed by polls only). */
  openTimeoutMs: number;
  /** Pause before reopening a dropped socket. */
  reconnectMs?: number;
  onError?(error: unknown): void;
}

/**
 * One WebSocket to ComfyUI for the whole engine, under one client id: ComfyUI sends the prompts
 * queued with that `client_id` their progress, previews and end to it (to the latest socket of
 * that id). Messages go to the listener of their `prompt_id`; a type-1 preview names no prompt,
 * so it goes to the prompt the last message was about (ComfyUI runs one prompt at a time). The
 * first message asks for type-4 previews, which name their prompt (servers without it ignore it).
 * A dropped socket reopens with the same id while anyone listens; followers poll history anyway.
 */
export class ComfySocket {
  private socket: WebSocket | null = null;
  private opening: Promise<boolean> | null = null;
  private readonly listeners = new Map<string, PromptListener>();
  private running: string | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ComfySocketOptions) {}

  get open(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the socket if it is not open; false when it cannot be opened now (never throws). */
  connect(): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (this.open) return Promise.resolve(true);
    this.opening ??= this.openOnce().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private openOnce(): Promise<boolean> {
    return new Promise((resolve) => {
      const headers = this.options.authorization ? { authorization: this.options.authorization } : undefined;
      const socket = new WebSocket(this.options.url, {
        headers,
        handshakeTimeout: this.options.openTimeoutMs,
        followRedirects: false,
      });
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        resolve(ok);
      };
      socket.on('open', () => {
        this.socket = socket;
        socket.send(JSON.stringify({ type: 'feature_flags', data: { supports_preview_metadata: true } }));
        settle(true);
      });
      socket.on('message', (data, isBinary) => this.receive(data as Buffer, isBinary));
      socket.on('error', (error) => {
        this.options.onError?.(error);
        settle(false);
      });
      socket.on('close', () => {
        if (this.socket === socket) this.socket = null;
        settle(false);
        this.scheduleReconnect();
      });
    });
  }

  private scheduleReconnect(): void {
    if (this.closed || this.listeners.size === 0 || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, this.options.reconnectMs ?? 1000);
    this.reconnectTimer.unref();
  }

  private receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary) {
      const frame = readPreviewFrame(bytes);
      const promptId = frame?.promptId ?? this.running;
      if (frame && promptId) this.listeners.get(promptId)?.onPreview(frame);
      return;
    }
    const message = readSocketMessage(bytes.toString('utf8'));
    const promptId = message?.data.prompt_id;
    if (!message || typeof promptId !== 'string') return;
    if (message.type === 'execution_start' || message.type === 'executing' || message.type === 'progress')
      this.running = promptId;
    this.listeners.get(promptId)?.onMessage(message);
  }

  /** Listens for one prompt; the returned function stops listening. */
  listen(promptId: string, listener: PromptListener): () => void {
    this.listeners.set(promptId, listener);
    return () => {
      if (this.listeners.get(promptId) === listener) this.listeners.delete(promptId);
    };
  }

  close(): void {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.socket?.close();
    this.socket = null;
  }
}
