package dev.iolab.upload.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.iolab.upload.UploadProperties;
import dev.iolab.upload.client.ProxyProperties;
import dev.iolab.upload.connection.TomcatConnections;
import dev.iolab.upload.support.MultipartBuilder;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.transfer.body.BodyProperties;
import dev.iolab.upload.transfer.body.BodySource;
import dev.iolab.upload.transfer.body.MultipartBody;
import dev.iolab.upload.transfer.body.RequestBodyGuard;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.transfer.shedding.LoadShedder;
import dev.iolab.upload.transfer.shedding.SheddingProperties;
import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.WebProblem;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.util.unit.DataSize;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * The HTTP layer alone (Spring's web slice, no storage, no executor): how a request becomes an {@link UploadRequest}
 * with its body unread, how answers and problems are written, and that the API key is checked before anything.
 */
@WebMvcTest(controllers = UploadController.class, properties = "upload.api-key=" + UploadControllerTest.KEY)
@Import({UploadControllerTest.Properties.class, RequestBodyGuard.class})
class UploadControllerTest {

    /**
     * The slice loads no configuration properties of its own; the advice, the key check and the body guard need them
     * (and the guard the connection lookup, which finds no Tomcat connection under a mock request, and a shedder).
     */
    @TestConfiguration(proxyBeanMethods = false)
    @EnableConfigurationProperties({UploadProperties.class, ProxyProperties.class, BodyProperties.class})
    static class Properties {

        @Bean
        TomcatConnections tomcatConnections() {
            return new TomcatConnections();
        }

        /** The guard hands bodies to a shedder; none runs in the slice (no executor, nothing to shed). */
        @Bean
        LoadShedder loadShedder() {
            return new LoadShedder(
                    new SheddingProperties(
                            false, 0.8, DataSize.ofKilobytes(4), Duration.ofSeconds(10), Duration.ofSeconds(1)),
                    () -> 0,
                    1,
                    new SimpleMeterRegistry());
        }
    }

    static final String KEY = "slice-key";
    static final String AUTHORIZATION = "Bearer " + KEY;

    @Autowired
    MockMvcTester mvc;

    @MockitoBean
    UploadService uploads;

    @Test
    void putHandsTheHeadToTheServiceAndLeavesTheBodyUnread() throws Exception {
        ArgumentCaptor<UploadRequest> request = ArgumentCaptor.forClass(UploadRequest.class);
        when(uploads.accept(request.capture())).thenReturn(created("dir/a b.bin"));

        MvcTestResult result = mvc.put()
                .uri(URI.create("/uploads/dir/a%20b.bin?strategy=buffer%2D4k&strategy=ignored"))
                .header(HttpHeaders.AUTHORIZATION, AUTHORIZATION)
                .header("Content-MD5", "c29tZQ==")
                .header(HttpHeaders.EXPECT, "100-Continue")
                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                .content("a=b&c=d")
                .exchange();

        assertThat(result).hasStatus(201);
        UploadRequest head = request.getValue();
        assertThat(head.name()).isEqualTo("dir/a b.bin");
        assertThat(head.strategy()).isEqualTo("buffer-4k");
        assertThat(head.contentLength()).isEqualTo(7);
        assertThat(head.contentMd5()).isEqualTo("c29tZQ==");
        assertThat(head.expectsContinue()).isTrue();
        assertThat(head.body())
                .as("a form-encoded PUT is a file, not a form")
                .isInstanceOfSatisfying(
                        BodySource.Raw.class,
                        raw -> assertThat(raw)
                                .satisfies(r -> assertThat(new String(r.open().readAllBytes(), StandardCharsets.UTF_8))
                                        .isEqualTo("a=b&c=d")));
    }

    @Test
    void putHandsTheNameOnAsTheClientSentItPathParametersIncluded() {
        ArgumentCaptor<UploadRequest> request = ArgumentCaptor.forClass(UploadRequest.class);
        when(uploads.accept(request.capture())).thenAnswer(invocation -> created("x"));

        for (String path : new String[] {"/uploads/report;v2.pdf", "/uploads/report%3Bv3", "/uploads/a/./b"}) {
            assertThat(mvc.put()
                            .uri(URI.create(path))
                            .header(HttpHeaders.AUTHORIZATION, AUTHORIZATION)
                            .content(new byte[1]))
                    .hasStatus(201);
        }

        assertThat(request.getAllValues())
                .extracting(UploadRequest::name)
                .as("what the service validates is the name as sent, not what the container made of the path")
                .containsExactly("report;v2.pdf", "report;v3", "a/./b");
    }

    @Test
    void putWithoutQueryOrHeadersLeavesThoseValuesOpen() {
        ArgumentCaptor<UploadRequest> request = ArgumentCaptor.forClass(UploadRequest.class);
        when(uploads.accept(request.capture())).thenReturn(created("plain"));

        assertThat(mvc.put()
                        .uri("/uploads/plain")
                        .header(HttpHeaders.AUTHORIZATION, AUTHORIZATION)
                        .content(new byte[3]))
                .hasStatus(201);

        UploadRequest head = request.getValue();
        assertThat(head.strategy()).isNull();
        assertThat(head.contentMd5()).isNull();
        assertThat(head.expectsContinue()).isFalse();
    }

    @Test
    void postHandsTheQueryToTheServiceWithTheMultipartBodyUnread() {
        ArgumentCaptor<UploadRequest> request = ArgumentCaptor.forClass(UploadRequest.class);
        when(uploads.accept(request.capture())).thenReturn(created("x/y.bin"));
        MultipartBuilder multipart = new MultipartBuilder("slice").file("file", "f.bin", "", new byte[] {1, 2, 3});

        assertThat(mvc.post()
                        .uri(URI.create("/uploads?name=x%2Fy.bin&strategy=temp-file"))
                        .header(HttpHeaders.AUTHORIZATION, AUTHORIZATION)
                        .contentType(multipart.contentType())
                        .content(multipart.build()))
                .hasStatus(201);

        UploadRequest head = request.getValue();
        assertThat(head.name()).isEqualTo("x/y.bin");
        assertThat(head.strategy()).isEqualTo("temp-file");
        assertThat(head.contentMd5()).isNull();
        assertThat(head.body()).isInstanceOfSatisfying(MultipartBody.class, body -> {
            assertThat(body.isMultipart()).isTrue();
            assertThat(body.readToFile(head.name(), head.strategy()).name()).isEqualTo("x/y.bin");
        });
    }

    @Test
    void answersACreatedUploadWithItsJsonAndLocation() {
        when(uploads.accept(any())).thenReturn(created("dir/a b.bin"));

        MvcTestResult result = mvc.put()
                .uri(URI.create("/uploads/dir/a%20b.bin"))
                .header(HttpHeaders.AUTHORIZATION, AUTHORIZATION)
                .content(new byte[3])
                .exchange();

        assertThat(result).hasStatus(201).hasHeader(HttpHeaders.LOCATION, "/uploads/dir/a%20b.bin");
        assertThat(result).bodyJson().isLenientlyEqualTo("""
                        {"name": "dir/a b.bin", "size": 3, "md5": "0123", "strategy": "temp-file", "durationMs": 7}
                        """);
    }

    @Test
    void answersARefusalOfTheHeadAsProblemJson() {
        when(uploads.accept(any())).thenThrow(new ProblemException(WebProblem.INVALID_NAME, "the name is empty"));

        MvcTestResult result = mvc.put()
                .uri("/uploads/x")
                .header(HttpHeaders.AUTHORIZATION, AUTHORIZATION)
                .content(new byte[1])
                .exchange();

        assertProblem(result, 400, "invalid-name");
        assertThat(result).doesNotContainHeader(HttpHeaders.RETRY_AFTER);
    }

    @Test
    void answersACapacityRefusalWith503AndRetryAfter() {
        when(uploads.accept(any())).thenThrow(new ProblemException(UploadProblem.QUEUE_FULL, "all threads are busy"));

        MvcTestResult result = mvc.put()
                .uri("/uploads/x")
                .header(HttpHeaders.AUTHORIZATION, AUTHORIZATION)
                .content(new byte[1])
                .exchange();

        assertProblem(result, 503, "queue-full");
        assertThat(result).hasHeader(HttpHeaders.RETRY_AFTER, "5");
    }

    @Test
    void answersAFailureOfTheAdmittedUploadAsProblemJson() {
        DeferredResult<ResponseEntity<StoredUpload>> failed = new DeferredResult<>();
        failed.setErrorResult(new ProblemException(UploadProblem.MEMORY_BUDGET, "no room"));
        when(uploads.accept(any())).thenReturn(failed);

        MvcTestResult result = mvc.put()
                .uri("/uploads/x")
                .header(HttpHeaders.AUTHORIZATION, AUTHORIZATION)
                .content(new byte[1])
                .exchange();

        assertProblem(result, 503, "memory-budget");
        assertThat(result).hasHeader(HttpHeaders.RETRY_AFTER, "5");
    }

    @Test
    void refusesARequestWithoutTheApiKeyBeforeTheServiceSeesIt() {
        MvcTestResult result = mvc.put().uri("/uploads/x").content(new byte[1]).exchange();

        assertProblem(result, 401, "unauthorized");
        assertThat(result).hasHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        verify(uploads, never()).accept(any());
    }

    private static DeferredResult<ResponseEntity<StoredUpload>> created(String name) {
        DeferredResult<ResponseEntity<StoredUpload>> result = new DeferredResult<>();
        result.setResult(ResponseEntity.created(URI.create(
                        "/uploads/" + org.springframework.web.util.UriUtils.encodePath(name, StandardCharsets.UTF_8)))
                .body(new StoredUpload(name, 3, "0123", "temp-file", 7)));
        return result;
    }

    private static void assertProblem(MvcTestResult result, int status, String type) {
        assertThat(result).hasStatus(status).hasContentType(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(result).bodyJson().extractingPath("$.type").isEqualTo(Problems.TYPE_PREFIX + type);
    }
}
