#ifndef SVGA_HTTP_H
#define SVGA_HTTP_H

#include <stddef.h>

/* A blocking HTTP(S) GET over libcurl, which is loaded with dlopen at the first call rather than
   linked: libcurl pulls in some 27 more shared libraries (TLS, Kerberos, LDAP, ...), whose loading
   and constructors cost every `svga` process ~8 ms of start-up, and only `svga hook` downloads.
   Thread-safe: libcurl is loaded and initialised once; each call uses its own easy handle. */

typedef enum {
    SVGA_HTTP_OK = 0,          /* a response arrived; `status` holds its code (any code) */
    SVGA_HTTP_TOO_LARGE = 1,   /* the body, or its declared Content-Length, is over `limit` */
    SVGA_HTTP_TIMED_OUT = 2,   /* the whole transfer took longer than `timeout_ms` */
    SVGA_HTTP_TRANSPORT = 3,   /* no response: `error` says why */
    SVGA_HTTP_UNAVAILABLE = 4  /* libcurl could not be loaded: `error` says why */
} svga_http_result;

typedef struct {
    unsigned char *body;       /* malloc'd, `length` bytes; release with svga_http_response_free */
    size_t length;
    long status;
    char media_type[128];      /* Content-Type without parameters, lower case; "" when absent */
    char error[256];
} svga_http_response;

/* GET `url` (http or https only, redirects followed, at most 10), giving up after `timeout_ms`,
   never buffering more than `limit` bytes. Statuses 400 and above end the transfer early. */
svga_http_result svga_http_get(const char *url, long timeout_ms, size_t limit, svga_http_response *response);

void svga_http_response_free(svga_http_response *response);

#endif
