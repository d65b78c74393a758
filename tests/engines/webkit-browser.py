#!/usr/bin/python3
"""
The WebKitGTK browser the engine smoke tests drive through WebKitWebDriver (`--automation`).

MiniBrowser keeps its window at least 447 px wide for its toolbar; this window has no toolbar, so the
page gets the window's whole size (390 x 844, a phone). `--init-script=FILE` runs FILE in the top frame
of every document before the page's own scripts (as Playwright's addInitScript does), which classic
WebDriver cannot do by itself.
"""
import sys

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gtk, WebKit2  # noqa: E402

init_scripts = []
for arg in sys.argv[1:]:
    if arg.startswith('--init-script='):
        with open(arg.split('=', 1)[1], encoding='utf-8') as source:
            init_scripts.append(source.read())

context = WebKit2.WebContext.new_ephemeral()
context.set_automation_allowed(True)
windows = []


def create_view(session, *args):
    content = WebKit2.UserContentManager()
    for source in init_scripts:
        content.add_script(
            WebKit2.UserScript(
                source,
                WebKit2.UserContentInjectedFrames.TOP_FRAME,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
        )
    view = WebKit2.WebView(web_context=context, user_content_manager=content, is_controlled_by_automation=True)
    window = Gtk.Window()
    window.set_default_size(390, 844)
    window.add(view)
    window.show_all()
    windows.append(window)

    def closed(*_):
        window.destroy()
        windows.remove(window)
        if not windows:
            Gtk.main_quit()

    view.connect('close', closed)
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name('engine-browser')
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect('create-web-view', create_view)


if '--automation' not in sys.argv:
    sys.exit('webkit-browser.py runs only under WebKitWebDriver (--automation)')
context.connect('automation-started', automation_started)
Gtk.main()
