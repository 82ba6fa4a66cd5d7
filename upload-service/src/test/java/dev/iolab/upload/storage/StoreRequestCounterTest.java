package dev.iolab.upload.storage;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpRequest;
import org.junit.jupiter.api.Test;

/** Store requests are named as Azure's REST API names them, the operations an upload's cost is read by. */
class StoreRequestCounterTest {

    private static final String BLOB = "http://127.0.0.1:10000/devstoreaccount1/uploads/a/b.bin";
    private static final String CONTAINER = "http://127.0.0.1:10000/devstoreaccount1/uploads";

    @Test
    void blockOperationsAreToldApartByComp() {
        assertThat(name(HttpMethod.PUT, BLOB + "?comp=block&blockid=MDA%3D")).isEqualTo("Put Block");
        assertThat(name(HttpMethod.PUT, BLOB + "?comp=blocklist")).isEqualTo("Put Block List");
        assertThat(name(HttpMethod.GET, BLOB + "?blocklisttype=uncommitted&comp=blocklist"))
                .isEqualTo("Get Block List");
        assertThat(name(HttpMethod.PUT, BLOB + "?comp=metadata")).isEqualTo("Set Blob Metadata");
    }

    @Test
    void leasesAreNamedWithTheirAction() {
        HttpRequest change = new HttpRequest(HttpMethod.PUT, BLOB + "?comp=lease")
                .setHeader(HttpHeaderName.fromString("x-ms-lease-action"), "change");

        assertThat(StoreRequestCounter.operation(change)).isEqualTo("Lease Blob (change)");
    }

    @Test
    void aPutIsABlobACopyOrASynchronousCopyByItsHeaders() {
        HttpRequest copy = new HttpRequest(HttpMethod.PUT, BLOB)
                .setHeader(HttpHeaderName.fromString("x-ms-copy-source"), "http://source");
        HttpRequest syncCopy = new HttpRequest(HttpMethod.PUT, BLOB)
                .setHeader(HttpHeaderName.fromString("x-ms-copy-source"), "http://source")
                .setHeader(HttpHeaderName.fromString("x-ms-requires-sync"), "true");

        assertThat(name(HttpMethod.PUT, BLOB)).isEqualTo("Put Blob");
        assertThat(StoreRequestCounter.operation(copy)).isEqualTo("Copy Blob");
        assertThat(StoreRequestCounter.operation(syncCopy)).isEqualTo("Copy Blob From URL");
        assertThat(name(HttpMethod.HEAD, BLOB)).isEqualTo("Get Blob Properties");
        assertThat(name(HttpMethod.GET, BLOB)).isEqualTo("Get Blob");
        assertThat(name(HttpMethod.DELETE, BLOB)).isEqualTo("Delete Blob");
    }

    @Test
    void containerOperationsAreNamedForTheContainer() {
        assertThat(name(HttpMethod.PUT, CONTAINER + "?restype=container")).isEqualTo("Create Container");
        assertThat(name(HttpMethod.GET, CONTAINER + "?restype=container")).isEqualTo("Get Container Properties");
        assertThat(name(HttpMethod.GET, CONTAINER + "?restype=container&comp=list&prefix=resumable-"))
                .isEqualTo("List Blobs");
    }

    private static String name(HttpMethod method, String url) {
        return StoreRequestCounter.operation(new HttpRequest(method, url));
    }
}
