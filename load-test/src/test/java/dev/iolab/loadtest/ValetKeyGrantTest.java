package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ValetKeyGrantTest {

    private static final URI SERVICE = URI.create("http://127.0.0.1:8080");

    @Test
    void readsTheGrantAndResolvesARelativeCompleteUrlAgainstTheService() {
        ValetKeyGrant grant = ValetKeyGrant.parse("""
                {"name":"a/b.bin",
                 "uploadUrl":"http://127.0.0.1:10000/devstoreaccount1/uploads/.staging/x?sv=2025&sig=a%2Bb%3D",
                 "headers":{"x-ms-blob-type":"BlockBlob"},
                 "expiresAt":"2026-11-24T22:00:00Z",
                 "completeUrl":"/uploads/a/b.bin/complete?grant=G1"}
                """, SERVICE);

        assertThat(grant.name()).isEqualTo("a/b.bin");
        assertThat(grant.uploadUrl().toString()).endsWith("sig=a%2Bb%3D");
        assertThat(grant.headers()).containsExactly(Map.entry("x-ms-blob-type", "BlockBlob"));
        assertThat(grant.completeUrl())
                .isEqualTo(URI.create("http://127.0.0.1:8080/uploads/a/b.bin/complete?grant=G1"));
    }

    @Test
    void keepsAnAbsoluteCompleteUrl() {
        ValetKeyGrant grant = ValetKeyGrant.parse("""
                {"name":"n","uploadUrl":"https://acct.blob.core.windows.net/c/n?sig=x","headers":{},
                 "completeUrl":"https://service.example/uploads/n/complete?grant=2"}
                """, SERVICE);

        assertThat(grant.completeUrl()).isEqualTo(URI.create("https://service.example/uploads/n/complete?grant=2"));
        assertThat(grant.headers()).isEmpty();
    }

    @Test
    void refusesAGrantItCannotFollow() {
        assertThatThrownBy(() -> ValetKeyGrant.parse("not json", SERVICE)).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> ValetKeyGrant.parse(
                        "{\"name\":\"n\",\"uploadUrl\":\"/relative\",\"completeUrl\":\"/c\"}", SERVICE))
                .hasMessageContaining("absolute");
        assertThatThrownBy(() -> ValetKeyGrant.parse(
                        "{\"name\":\"n\",\"uploadUrl\":\"http://s/x\",\"headers\":[],\"completeUrl\":\"/c\"}", SERVICE))
                .hasMessageContaining("headers must be an object");
        assertThatThrownBy(() -> ValetKeyGrant.parse("{\"name\":\"n\",\"uploadUrl\":\"http://s/x\"}", SERVICE))
                .hasMessageContaining("completeUrl");
    }
}
