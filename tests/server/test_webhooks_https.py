"""An https webhook receiver (webhooks.py): its certificate is checked, against the system's
CAs or the bundle `Settings.webhook_ca_file` names; a certificate no trusted CA signed gets no
message. The CA and the receiver's certificate are made here, at test time."""

from __future__ import annotations

import datetime
import ipaddress
import queue
import ssl

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from .helpers import app_client
from .test_webhooks import Receiver

MESSAGE = {"content": "x", "text": "x", "table": "t", "game": "g", "seat": 0, "url": "u"}


def name(text: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def make_ca_and_certificate(folder):
    """A CA, and a certificate for 127.0.0.1 it signed: (CA file, certificate file, key file)."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(name("famiglia test CA"))
        .issuer_name(name("famiglia test CA"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), False)
        .sign(ca_key, hashes.SHA256())
    )
    leaf = (
        x509.CertificateBuilder()
        .subject_name(name("127.0.0.1"))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .sign(ca_key, hashes.SHA256())
    )
    files = folder / "ca.pem", folder / "cert.pem", folder / "key.pem"
    files[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    files[1].write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    files[2].write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return files


class HttpsReceiver(Receiver):
    def __init__(self, cert, key) -> None:
        super().__init__()
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}/hook?k=1"


@pytest.fixture
def tls(tmp_path):
    ca, cert, key = make_ca_and_certificate(tmp_path)
    receiver = HttpsReceiver(cert, key)
    yield ca, receiver
    receiver.close()


def attempt(client, url):
    return client.portal.call(client.app.state.hub.notifier.attempt, url, MESSAGE)


def test_an_https_receiver_signed_by_the_ca_given_gets_the_message(tmp_path, tls):
    ca, receiver = tls
    with app_client(tmp_path / "f.db", webhook_loopback=True, webhook_ca_file=str(ca)) as client:
        assert attempt(client, receiver.url) == "done"
    path, headers, message = receiver.next(timeout=10)
    assert path == "/hook?k=1" and message == MESSAGE


def test_an_https_receiver_no_trusted_ca_signed_gets_nothing(tmp_path, tls):
    _, receiver = tls
    with app_client(tmp_path / "f.db", webhook_loopback=True) as client:
        assert attempt(client, receiver.url) == "retry"  # refused by the certificate check
    with pytest.raises(queue.Empty):
        receiver.next(timeout=0.5)
