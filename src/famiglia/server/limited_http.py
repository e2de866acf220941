"""uvicorn's HTTP protocol with a bound on a request's line and headers.

httptools gathers a header whole before handing it on, so a client could make the server hold
megabytes of one header; here the bytes received while a request's head is still incomplete
are counted as they arrive, and past the bound the connection gets 431 and is closed. (The app's
own guard bounds them again, for servers other than uvicorn.)
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_HEAD = 16 * 1024


def limited(max_head: int = MAX_HEAD) -> type:
    class LimitedHttp(HttpToolsProtocol):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.head_bytes = 0
            self.in_head = True  # between requests a new head may begin

        def data_received(self, data: bytes) -> None:
            if self.in_head:
                self.head_bytes += len(data)
            super().data_received(data)
            if self.in_head and self.head_bytes > max_head and not self.transport.is_closing():
                self.refuse()

        def on_headers_complete(self) -> None:
            self.in_head = False
            self.head_bytes = 0
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self.in_head = True

        def refuse(self) -> None:
            text = f"the request line and headers hold at most {max_head} bytes".encode()
            self.transport.write(
                b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                b"content-type: text/plain; charset=utf-8\r\n"
                b"content-length: " + str(len(text)).encode() + b"\r\n"
                b"connection: close\r\n\r\n" + text
            )
            self.transport.close()

    return LimitedHttp
