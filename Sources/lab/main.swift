print("lab: coming soon")
