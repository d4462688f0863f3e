from django.contrib import admin
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games import views as game_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/cards/", game_views.CardCatalogView.as_view(), name="card-catalog"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
]
