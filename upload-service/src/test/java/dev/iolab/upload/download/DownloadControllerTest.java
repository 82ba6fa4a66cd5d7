package dev.iolab.upload.download;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.client.ClientShareProperties;
import dev.iolab.upload.client.ProxyProperties;
import dev.iolab.upload.connection.TomcatConnections;
import dev.iolab.upload.storage.BlobInfo;
import dev.iolab.upload.storage.BlobStorage;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.support.Problems;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.security.MessageDigest;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

/**
 * The download routes in Spring's web slice, over a mocked store with a 4-byte chunk: what is read from the store
 * (properties only for HEAD; chunk by chunk for GET, only the range asked for), the headers, ranges, and refusals.
 */
@WebMvcTest(
        controllers = DownloadController.class,
        properties = {"upload.download.chunk-size=4B", "upload.download.max-concurrent=1"})
@Import({DownloadControllerTest.Slice.class, DownloadAdmission.class})
class DownloadControllerTest {

    /** The slice's missing pieces: properties, the problem handler, the connection lookup (none under MockMvc). */
    @TestConfiguration(proxyBeanMethods = false)
    @EnableConfigurationProperties({
        UploadProperties.class,
        ProxyProperties.class,
        ClientShareProperties.class,
        DownloadProperties.class
    })
    @ComponentScan(
            basePackages = "dev.iolab.upload.web",
            useDefaultFilters = false,
            includeFilters = @ComponentScan.Filter(type = FilterType.REGEX, pattern = ".*ProblemHandler"))
    static class Slice {

        @Bean
        TomcatConnections tomcatConnections() {
            return new TomcatConnections();
        }

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }

    static final byte[] CONTENT = new byte[10];
    static final OffsetDateTime MODIFIED = OffsetDateTime.of(2026, 11, 24, 8, 5, 30, 0, ZoneOffset.UTC);

    @Autowired
    MockMvcTester mvc;

    @MockitoBean
    BlobStorage storage;

    @Autowired
    DownloadAdmission admission;

    @BeforeEach
    void blob() throws Exception {
        new Random(5).nextBytes(CONTENT);
        byte[] md5 = MessageDigest.getInstance("MD5").digest(CONTENT);
        when(storage.info("dir/f.bin")).thenReturn(new BlobInfo(CONTENT.length, md5, "\"0x8D1\"", MODIFIED));
        doAnswer(call -> {
                    long offset = call.getArgument(2);
                    byte[] buffer = call.getArgument(3);
                    int length = call.getArgument(4);
                    System.arraycopy(CONTENT, (int) offset, buffer, 0, length);
                    return null;
                })
                .when(storage)
                .read(eq("dir/f.bin"), eq("\"0x8D1\""), anyLong(), any(byte[].class), anyInt());
    }

    @Test
    void getStreamsTheBlobChunkByChunkWithItsHeaders() throws Exception {
        MvcTestResult result = mvc.get().uri("/uploads/dir/f.bin").exchange();

        assertThat(result)
                .hasStatus(200)
                .hasContentType(MediaType.APPLICATION_OCTET_STREAM)
                .hasHeader(HttpHeaders.CONTENT_LENGTH, "10")
                .hasHeader(HttpHeaders.ACCEPT_RANGES, "bytes")
                .hasHeader(HttpHeaders.ETAG, "\"0x8D1\"")
                .hasHeader(HttpHeaders.LAST_MODIFIED, "Tue, 24 Nov 2026 08:05:30 GMT")
                .hasHeader(
                        "Content-MD5",
                        Base64.getEncoder()
                                .encodeToString(MessageDigest.getInstance("MD5").digest(CONTENT)));
        assertThat(result.getResponse().getContentAsByteArray()).isEqualTo(CONTENT);
        verify(storage).read(eq("dir/f.bin"), anyString(), eq(0L), any(byte[].class), eq(4));
        verify(storage).read(eq("dir/f.bin"), anyString(), eq(4L), any(byte[].class), eq(4));
        verify(storage).read(eq("dir/f.bin"), anyString(), eq(8L), any(byte[].class), eq(2));
    }

    @Test
    void headAnswersFromThePropertiesWithoutReadingTheBlob() {
        MvcTestResult result = mvc.head().uri("/uploads/dir/f.bin").exchange();

        assertThat(result)
                .hasStatus(200)
                .hasHeader(HttpHeaders.CONTENT_LENGTH, "10")
                .hasHeader(HttpHeaders.ACCEPT_RANGES, "bytes")
                .hasHeader(HttpHeaders.ETAG, "\"0x8D1\"");
        assertThat(result.getResponse().getContentAsByteArray()).isEmpty();
        verify(storage, never()).read(anyString(), anyString(), anyLong(), any(byte[].class), anyInt());
    }

    @Test
    void servesOneRangeAs206ReadingOnlyThatRange() throws Exception {
        MvcTestResult result = mvc.get()
                .uri("/uploads/dir/f.bin")
                .header(HttpHeaders.RANGE, "bytes=3-8")
                .exchange();

        assertThat(result)
                .hasStatus(206)
                .hasHeader(HttpHeaders.CONTENT_RANGE, "bytes 3-8/10")
                .hasHeader(HttpHeaders.CONTENT_LENGTH, "6")
                .doesNotContainHeader("Content-MD5");
        assertThat(result.getResponse().getContentAsByteArray()).isEqualTo(Arrays.copyOfRange(CONTENT, 3, 9));
        verify(storage).read(eq("dir/f.bin"), anyString(), eq(3L), any(byte[].class), eq(4));
        verify(storage).read(eq("dir/f.bin"), anyString(), eq(7L), any(byte[].class), eq(2));
        verify(storage, times(2)).read(anyString(), anyString(), anyLong(), any(byte[].class), anyInt());
    }

    @Test
    void refusesARangePastTheEndWith416AndTheSize() {
        MvcTestResult result = mvc.get()
                .uri("/uploads/dir/f.bin")
                .header(HttpHeaders.RANGE, "bytes=10-")
                .exchange();

        assertProblem(result, 416, "range-not-satisfiable");
        assertThat(result).hasHeader(HttpHeaders.CONTENT_RANGE, "bytes */10");
        verify(storage, never()).read(anyString(), anyString(), anyLong(), any(byte[].class), anyInt());
    }

    @Test
    void sendsTheWholeBlobWhenIfRangeNoLongerMatches() throws Exception {
        MvcTestResult result = mvc.get()
                .uri("/uploads/dir/f.bin")
                .header(HttpHeaders.RANGE, "bytes=3-8")
                .header(HttpHeaders.IF_RANGE, "\"0x8D0\"")
                .exchange();

        assertThat(result).hasStatus(200).hasHeader(HttpHeaders.CONTENT_LENGTH, "10");
        assertThat(result.getResponse().getContentAsByteArray()).isEqualTo(CONTENT);
    }

    @Test
    void refusesAnInvalidNameWithoutAskingTheStore() {
        assertProblem(mvc.get().uri(URI.create("/uploads/report;v2.pdf")).exchange(), 400, "invalid-name");
        assertProblem(mvc.head().uri(URI.create("/uploads/tab%09name")).exchange(), 400, "name-forbidden-character");
        verify(storage, never()).info(any());
    }

    @Test
    void answersAStoreFailureWith502WithoutItsInsides() {
        when(storage.info("down"))
                .thenThrow(new StorageException(
                        "blob store failed for 'down': reactor.core.Exceptions$ReactiveException: "
                                + "java.net.ConnectException: Connection refused: /127.0.0.1:10100",
                        null));

        MvcTestResult result = mvc.get().uri("/uploads/down").exchange();

        assertProblem(result, 502, "storage-unavailable");
        assertThat(result).bodyText().doesNotContain("127.0.0.1", "Exception", "reactor");
    }

    @Test
    void refusesADownloadBeyondItsCapacityWith503BeforeAskingTheStore() throws Exception {
        try (DownloadAdmission.Permit onlySlot = admission.enter(ClientKey.ofAddress("192.0.2.1"))) {
            MvcTestResult busy = mvc.get().uri("/uploads/dir/f.bin").exchange();

            assertProblem(busy, 503, "downloads-busy");
            assertThat(busy).hasHeader(HttpHeaders.RETRY_AFTER, "5");
            verify(storage, never()).info(any());
        }
        assertThat(mvc.get().uri("/uploads/dir/f.bin").exchange())
                .as("the slot given back serves the next download")
                .hasStatus(200);
    }

    private static void assertProblem(MvcTestResult result, int status, String type) {
        assertThat(result).hasStatus(status).hasContentType(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(result).bodyJson().extractingPath("$.type").isEqualTo(Problems.TYPE_PREFIX + type);
    }
}
