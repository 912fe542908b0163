"""``voicehost models`` and ``voicehost devices``: what is installed and what can be fetched."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..config import load_settings
from ..speech import models
from ..invocation import command

MODELS_EPILOG = """examples:
  voicehost models list
  voicehost models download en            # fetch, check and unpack the English model
  voicehost models download de --file vosk-model-small-de-0.15.zip   # a zip fetched by hand
  voicehost models path
"""


def add_models_commands(sub) -> None:
    p = sub.add_parser("models", help="list, download and locate speech models",
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=MODELS_EPILOG,
                       description="Vosk speech models: the catalogue, downloads and where they live.")
    p.add_argument("--config", metavar="PATH", default=argparse.SUPPRESS, help="settings file")
    msub = p.add_subparsers(dest="models_command", metavar="ACTION")
    lst = msub.add_parser("list", help="the catalogue and what is installed")
    lst.set_defaults(func=run_list)
    dl = msub.add_parser("download", help="fetch, verify and unpack a model",
                         formatter_class=argparse.RawDescriptionHelpFormatter, epilog=MODELS_EPILOG)
    dl.add_argument("language", help="en, de or sv")
    dl.add_argument("--url", help="fetch from this address instead (a mirror)")
    dl.add_argument("--file", type=Path, help="install a zip you downloaded yourself")
    dl.add_argument("--dir", type=Path, help="models folder (default: recognizer.models_dir)")
    dl.set_defaults(func=run_download)
    path = msub.add_parser("path", help="where voicehost looks for models")
    path.add_argument("--dir", type=Path, help="models folder (default: recognizer.models_dir)")
    path.set_defaults(func=run_path)
    lst.add_argument("--dir", type=Path, help="models folder (default: recognizer.models_dir)")
    p.set_defaults(func=lambda args: (p.print_help(), 0)[1])


def _models_dir(args) -> Path:
    if getattr(args, "dir", None):
        return args.dir
    settings = load_settings(getattr(args, "config", None))
    return models.default_models_dir(settings.recognizer.models_dir)


def run_list(args) -> int:
    here = models.installed(_models_dir(args))
    print(f"{'lang':5} {'model':36} {'size':>8}  status")
    for e in models.CATALOGUE:
        status = f"installed: {here[e.language]}" if e.language in here else command("models download " + e.language)
        print(f"{e.language:5} {e.name:36} {e.size / 1e6:6.0f} MB  {status}")
    print("English also works without a download, through the PocketSphinx model built in.")
    return 0


def run_download(args) -> int:
    folder = _models_dir(args)
    try:
        path = models.install(args.language, folder, url=args.url, file=args.file,
                              progress=models.Progress())
    except models.ModelError as exc:
        print(f"voicehost: {exc}", file=sys.stderr)
        return 1
    print(f"Installed {path}")
    return 0


def run_path(args) -> int:
    folder = _models_dir(args)
    print(folder)
    for language, path in models.installed(folder).items():
        print(f"  {language}: {path}")
    return 0

