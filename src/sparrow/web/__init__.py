"""The web app behind ``sparrow serve``: play against the computer in the browser.

``sparrow.web.app.create_app(database_url)`` builds it; ``sparrow.cli.serve`` runs it with uvicorn.
"""
