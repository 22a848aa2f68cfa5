/*
 * An event-driven virtual contactless reader for pcscd, for dealer-assist's tests and benchmarks.
 *
 * It speaks the same wire protocol as vsmartcard's vpcd, so dealer_assist.testing.ntag's
 * VirtualReader presents tags to it unchanged: the reader listens on a TCP port on 127.0.0.1;
 * a connection is a tag in the field, closing it takes the tag away. Every message is a 2-byte
 * big-endian length and a payload; a 1-byte payload is a control code (0 power off, 1 power on,
 * 2 reset, 4 send the ATR), a longer one a command APDU answered with the response APDU.
 *
 * What differs from vpcd: pcscd polls vpcd every 400 ms (PCSCLITE_STATUS_POLL_RATE), so a tag
 * waits 0-400 ms before anyone notices it. This handler gives pcscd a polling function
 * (TAG_IFD_POLLING_THREAD_WITH_TIMEOUT) that sleeps in poll(2) on the listening socket (a tag
 * arrives) or on the tag's connection (it leaves), and returns the moment either happens - what
 * a CCID reader with an interrupt endpoint does with its NotifySlotChange messages. Presence is
 * checked without talking to the tag (a peek at the connection), so a present tag sees traffic
 * only when an application uses it.
 *
 * Build (dealer_assist.testing.pcscd does it for you):
 *   gcc -shared -fPIC -O2 -Wall -Wextra -I/usr/include/PCSC -o libifd-da-event.so \
 *       ifd_event_reader.c -lpthread
 * and name it in a reader.conf entry (LIBPATH), with DEVICENAME "/dev/null:0xPORT".
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <ifdhandler.h>
#include <reader.h>

#define MAX_READERS 16
#define IO_TIMEOUT_MS 5000

struct reader {
	int used;
	int listen_fd;
	int client_fd;	/* -1: no tag in the field */
	int wake[2];	/* written to wake the polling thread: stop, or the tag went away */
	int stopping;
	pthread_mutex_t lock;	/* guards client_fd, atr and the link */
	UCHAR atr[MAX_ATR_SIZE];
	DWORD atr_len;
};

static struct reader readers[MAX_READERS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static struct reader *reader_of(DWORD Lun)
{
	DWORD index = Lun >> 16;

	if (index >= MAX_READERS || !readers[index].used)
		return NULL;
	return &readers[index];
}

static void wake_poller(struct reader *r)
{
	static const char byte = 1;
	ssize_t ignored = write(r->wake[1], &byte, 1);

	(void)ignored;	/* a full pipe already wakes the poller */
}

/* Called with r->lock held. */
static void drop_tag(struct reader *r)
{
	if (r->client_fd >= 0) {
		close(r->client_fd);
		r->client_fd = -1;
		r->atr_len = 0;
		wake_poller(r);
	}
}

static int wait_fd(int fd, short events)
{
	struct pollfd p = { .fd = fd, .events = events };
	int n;

	do
		n = poll(&p, 1, IO_TIMEOUT_MS);
	while (n < 0 && errno == EINTR);
	return n == 1 && !(p.revents & (POLLERR | POLLNVAL));
}

static int send_all(int fd, const UCHAR *data, size_t len)
{
	while (len > 0) {
		ssize_t n = send(fd, data, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

static int recv_all(int fd, UCHAR *data, size_t len)
{
	while (len > 0) {
		ssize_t n;

		if (!wait_fd(fd, POLLIN))
			return -1;
		n = recv(fd, data, len, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* One message out (length and payload in one segment). Called with r->lock held. */
static int send_message(struct reader *r, const UCHAR *payload, size_t len)
{
	UCHAR buffer[2 + 65535];

	if (len > 65535)
		return -1;
	buffer[0] = (UCHAR)(len >> 8);
	buffer[1] = (UCHAR)(len & 0xFF);
	memcpy(buffer + 2, payload, len);
	return send_all(r->client_fd, buffer, len + 2);
}

/* One message in; its length in *len (at most cap). Called with r->lock held. */
static int recv_message(struct reader *r, UCHAR *payload, size_t cap, size_t *len)
{
	UCHAR header[2];
	size_t size;

	if (recv_all(r->client_fd, header, 2) < 0)
		return -1;
	size = ((size_t)header[0] << 8) | header[1];
	if (size > cap)
		return -1;
	if (size > 0 && recv_all(r->client_fd, payload, size) < 0)
		return -1;
	*len = size;
	return 0;
}

/* Take a tag that has come into the field, if any. Called with r->lock held. */
static void accept_tag(struct reader *r)
{
	int one = 1;
	int fd = accept4(r->listen_fd, NULL, NULL, SOCK_CLOEXEC);

	if (fd < 0)
		return;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	r->client_fd = fd;
	r->atr_len = 0;
}

static int port_of(LPSTR DeviceName, int *port)
{
	const char *colon = strrchr(DeviceName, ':');
	const char *text = colon ? colon + 1 : DeviceName;
	char *end = NULL;
	unsigned long value = strtoul(text, &end, 0);

	if (end == text || *end != '\0' || value == 0 || value > 65535)
		return -1;
	*port = (int)value;
	return 0;
}

static RESPONSECODE open_reader(DWORD Lun, int port)
{
	DWORD index = Lun >> 16;
	struct reader *r;
	struct sockaddr_in address;
	int one = 1;

	if (index >= MAX_READERS)
		return IFD_COMMUNICATION_ERROR;
	pthread_mutex_lock(&table_lock);
	r = &readers[index];
	if (r->used) {
		pthread_mutex_unlock(&table_lock);
		return IFD_COMMUNICATION_ERROR;
	}
	memset(r, 0, sizeof(*r));
	r->client_fd = -1;
	r->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (r->listen_fd < 0)
		goto fail;
	setsockopt(r->listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&address, 0, sizeof(address));
	address.sin_family = AF_INET;
	address.sin_port = htons((uint16_t)port);
	address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);	/* never on the network */
	if (bind(r->listen_fd, (struct sockaddr *)&address, sizeof(address)) < 0
	    || listen(r->listen_fd, 4) < 0)
		goto fail_socket;
	if (pipe2(r->wake, O_NONBLOCK | O_CLOEXEC) < 0)
		goto fail_socket;
	pthread_mutex_init(&r->lock, NULL);
	r->used = 1;
	pthread_mutex_unlock(&table_lock);
	return IFD_SUCCESS;

fail_socket:
	close(r->listen_fd);
fail:
	r->listen_fd = -1;
	pthread_mutex_unlock(&table_lock);
	return IFD_COMMUNICATION_ERROR;
}

RESPONSECODE IFDHCreateChannelByName(DWORD Lun, LPSTR DeviceName)
{
	int port;

	if (DeviceName == NULL || port_of(DeviceName, &port) < 0)
		return IFD_COMMUNICATION_ERROR;
	return open_reader(Lun, port);
}

RESPONSECODE IFDHCreateChannel(DWORD Lun, DWORD Channel)
{
	if (Channel == 0 || Channel > 65535)
		return IFD_COMMUNICATION_ERROR;
	return open_reader(Lun, (int)Channel);
}

RESPONSECODE IFDHCloseChannel(DWORD Lun)
{
	struct reader *r = reader_of(Lun);

	if (r == NULL)
		return IFD_COMMUNICATION_ERROR;
	pthread_mutex_lock(&table_lock);
	pthread_mutex_lock(&r->lock);
	drop_tag(r);
	close(r->listen_fd);
	close(r->wake[0]);
	close(r->wake[1]);
	r->used = 0;
	pthread_mutex_unlock(&r->lock);
	pthread_mutex_destroy(&r->lock);
	pthread_mutex_unlock(&table_lock);
	return IFD_SUCCESS;
}

/* pcscd's event thread: return as soon as a tag arrives or leaves (or after timeout ms). */
static RESPONSECODE poll_for_event(DWORD Lun, int timeout)
{
	struct reader *r = reader_of(Lun);
	struct pollfd p[2];
	char drain[64];
	int n;

	if (r == NULL)
		return IFD_NO_SUCH_DEVICE;
	pthread_mutex_lock(&r->lock);
	if (r->stopping) {
		pthread_mutex_unlock(&r->lock);
		return IFD_SUCCESS;
	}
	p[0].fd = r->wake[0];
	p[0].events = POLLIN;
	if (r->client_fd >= 0) {
		p[1].fd = r->client_fd;
		p[1].events = POLLRDHUP;	/* the tag left; its answers are not events */
	} else {
		p[1].fd = r->listen_fd;
		p[1].events = POLLIN;	/* a tag came into the field */
	}
	pthread_mutex_unlock(&r->lock);

	do
		n = poll(p, 2, timeout < 0 ? -1 : timeout);
	while (n < 0 && errno == EINTR);
	if (n > 0 && (p[0].revents & POLLIN))
		while (read(r->wake[0], drain, sizeof(drain)) > 0)
			;
	return IFD_SUCCESS;
}

static RESPONSECODE stop_polling(DWORD Lun)
{
	struct reader *r = reader_of(Lun);

	if (r == NULL)
		return IFD_NO_SUCH_DEVICE;
	pthread_mutex_lock(&r->lock);
	r->stopping = 1;
	wake_poller(r);
	pthread_mutex_unlock(&r->lock);
	return IFD_SUCCESS;
}

RESPONSECODE IFDHGetCapabilities(DWORD Lun, DWORD Tag, PDWORD Length, PUCHAR Value)
{
	struct reader *r = reader_of(Lun);
	RESPONSECODE (*polling)(DWORD, int) = poll_for_event;
	RESPONSECODE (*stopping)(DWORD) = stop_polling;

	if (Length == NULL || Value == NULL)
		return IFD_ERROR_TAG;
	switch (Tag) {
	case TAG_IFD_ATR:
	case SCARD_ATTR_ATR_STRING:
		if (r == NULL)
			return IFD_NO_SUCH_DEVICE;
		pthread_mutex_lock(&r->lock);
		if (*Length < r->atr_len) {
			pthread_mutex_unlock(&r->lock);
			return IFD_ERROR_INSUFFICIENT_BUFFER;
		}
		memcpy(Value, r->atr, r->atr_len);
		*Length = r->atr_len;
		pthread_mutex_unlock(&r->lock);
		return IFD_SUCCESS;
	case TAG_IFD_SIMULTANEOUS_ACCESS:
		if (*Length < 1)
			return IFD_ERROR_INSUFFICIENT_BUFFER;
		Value[0] = MAX_READERS;
		*Length = 1;
		return IFD_SUCCESS;
	case TAG_IFD_THREAD_SAFE:	/* readers are independent of each other */
		if (*Length < 1)
			return IFD_ERROR_INSUFFICIENT_BUFFER;
		Value[0] = 1;
		*Length = 1;
		return IFD_SUCCESS;
	case TAG_IFD_SLOTS_NUMBER:
		if (*Length < 1)
			return IFD_ERROR_INSUFFICIENT_BUFFER;
		Value[0] = 1;
		*Length = 1;
		return IFD_SUCCESS;
	case TAG_IFD_SLOT_THREAD_SAFE:
		if (*Length < 1)
			return IFD_ERROR_INSUFFICIENT_BUFFER;
		Value[0] = 0;
		*Length = 1;
		return IFD_SUCCESS;
	case TAG_IFD_POLLING_THREAD_KILLABLE:	/* no: it is stopped by stop_polling */
		if (*Length < 1)
			return IFD_ERROR_INSUFFICIENT_BUFFER;
		Value[0] = 0;
		*Length = 1;
		return IFD_SUCCESS;
	case TAG_IFD_POLLING_THREAD_WITH_TIMEOUT:
		if (*Length < sizeof(polling))
			return IFD_ERROR_INSUFFICIENT_BUFFER;
		memcpy(Value, &polling, sizeof(polling));
		*Length = sizeof(polling);
		return IFD_SUCCESS;
	case TAG_IFD_STOP_POLLING_THREAD:
		if (*Length < sizeof(stopping))
			return IFD_ERROR_INSUFFICIENT_BUFFER;
		memcpy(Value, &stopping, sizeof(stopping));
		*Length = sizeof(stopping);
		return IFD_SUCCESS;
	default:
		return IFD_ERROR_TAG;
	}
}

RESPONSECODE IFDHSetCapabilities(DWORD Lun, DWORD Tag, DWORD Length, PUCHAR Value)
{
	(void)Lun;
	(void)Tag;
	(void)Length;
	(void)Value;
	return IFD_NOT_SUPPORTED;
}

RESPONSECODE IFDHSetProtocolParameters(DWORD Lun, DWORD Protocol, UCHAR Flags, UCHAR PTS1,
				       UCHAR PTS2, UCHAR PTS3)
{
	(void)Flags;
	(void)PTS1;
	(void)PTS2;
	(void)PTS3;
	if (reader_of(Lun) == NULL)
		return IFD_NO_SUCH_DEVICE;
	if (Protocol != SCARD_PROTOCOL_T0 && Protocol != SCARD_PROTOCOL_T1)
		return IFD_PROTOCOL_NOT_SUPPORTED;
	return IFD_SUCCESS;
}

RESPONSECODE IFDHPowerICC(DWORD Lun, DWORD Action, PUCHAR Atr, PDWORD AtrLength)
{
	struct reader *r = reader_of(Lun);
	UCHAR control;
	static const UCHAR send_atr = 4;
	size_t len = 0;

	if (r == NULL)
		return IFD_NO_SUCH_DEVICE;
	switch (Action) {
	case IFD_POWER_DOWN:
		control = 0;
		break;
	case IFD_POWER_UP:
		control = 1;
		break;
	case IFD_RESET:
		control = 2;
		break;
	default:
		return IFD_NOT_SUPPORTED;
	}
	pthread_mutex_lock(&r->lock);
	if (r->client_fd < 0) {
		pthread_mutex_unlock(&r->lock);
		if (AtrLength != NULL)
			*AtrLength = 0;
		return Action == IFD_POWER_DOWN ? IFD_SUCCESS : IFD_ERROR_POWER_ACTION;
	}
	if (send_message(r, &control, 1) < 0)
		goto lost;
	if (Action == IFD_POWER_DOWN) {
		r->atr_len = 0;
		pthread_mutex_unlock(&r->lock);
		if (AtrLength != NULL)
			*AtrLength = 0;
		return IFD_SUCCESS;
	}
	if (send_message(r, &send_atr, 1) < 0
	    || recv_message(r, r->atr, sizeof(r->atr), &len) < 0 || len == 0)
		goto lost;
	r->atr_len = (DWORD)len;
	if (Atr != NULL && AtrLength != NULL) {
		if (*AtrLength < r->atr_len) {
			pthread_mutex_unlock(&r->lock);
			return IFD_ERROR_INSUFFICIENT_BUFFER;
		}
		memcpy(Atr, r->atr, r->atr_len);
		*AtrLength = r->atr_len;
	}
	pthread_mutex_unlock(&r->lock);
	return IFD_SUCCESS;

lost:
	drop_tag(r);
	pthread_mutex_unlock(&r->lock);
	if (AtrLength != NULL)
		*AtrLength = 0;
	return IFD_ERROR_POWER_ACTION;
}

RESPONSECODE IFDHTransmitToICC(DWORD Lun, SCARD_IO_HEADER SendPci, PUCHAR TxBuffer,
			       DWORD TxLength, PUCHAR RxBuffer, PDWORD RxLength,
			       PSCARD_IO_HEADER RecvPci)
{
	struct reader *r = reader_of(Lun);
	size_t len = 0;

	(void)SendPci;
	if (RecvPci != NULL)
		RecvPci->Protocol = SendPci.Protocol;
	if (r == NULL || RxLength == NULL) {
		if (RxLength != NULL)
			*RxLength = 0;
		return IFD_NO_SUCH_DEVICE;
	}
	pthread_mutex_lock(&r->lock);
	if (r->client_fd < 0 || TxLength < 2 || TxLength > 65535
	    || send_message(r, TxBuffer, TxLength) < 0
	    || recv_message(r, RxBuffer, *RxLength, &len) < 0) {
		drop_tag(r);	/* taken away mid-exchange: pcscd hears it at once */
		pthread_mutex_unlock(&r->lock);
		*RxLength = 0;
		return IFD_COMMUNICATION_ERROR;
	}
	pthread_mutex_unlock(&r->lock);
	*RxLength = (DWORD)len;
	return IFD_SUCCESS;
}

RESPONSECODE IFDHControl(DWORD Lun, DWORD dwControlCode, PUCHAR TxBuffer, DWORD TxLength,
			 PUCHAR RxBuffer, DWORD RxLength, LPDWORD pdwBytesReturned)
{
	(void)Lun;
	(void)dwControlCode;
	(void)TxBuffer;
	(void)TxLength;
	(void)RxBuffer;
	(void)RxLength;
	if (pdwBytesReturned != NULL)
		*pdwBytesReturned = 0;
	return IFD_ERROR_NOT_SUPPORTED;
}

RESPONSECODE IFDHICCPresence(DWORD Lun)
{
	struct reader *r = reader_of(Lun);
	char byte;
	ssize_t n;

	if (r == NULL)
		return IFD_NO_SUCH_DEVICE;
	pthread_mutex_lock(&r->lock);
	if (r->client_fd >= 0) {
		n = recv(r->client_fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
		if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
			/* The tag left the field. Say so even if the next one is already
			 * waiting: pcscd must see the removal, then the new tag. */
			drop_tag(r);
			pthread_mutex_unlock(&r->lock);
			return IFD_ICC_NOT_PRESENT;
		}
	} else {
		accept_tag(r);
	}
	n = r->client_fd >= 0;
	pthread_mutex_unlock(&r->lock);
	return n ? IFD_ICC_PRESENT : IFD_ICC_NOT_PRESENT;
}
